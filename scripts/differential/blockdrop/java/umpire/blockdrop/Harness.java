package umpire.blockdrop;

import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import net.aicomp.javachallenge2015.Game;
import net.aicomp.javachallenge2015.Player;
import net.aicomp.javachallenge2015.log.Logger;
import net.aicomp.javachallenge2015.manipulators.AIInitializer;
import net.aicomp.javachallenge2015.manipulators.AIRunner;
import net.exkazuu.gameaiarena.manipulator.Manipulator;
import net.exkazuu.gameaiarena.player.ExternalComputerPlayer;

/**
 * Drives the JavaChallenge 2015 rules classes (Game, Field, Player) and the
 * engine's own AI manipulators (AIInitializer, AIRunner over
 * ExternalComputerPlayer) the way its Bookmaker does, and writes down every
 * byte sent to each player, every line read from it, and what happened.
 *
 * Modes:
 *   starts FROM TO                     one line per seed: the start squares ("x y D" four times)
 *   play SEED OUT.json READY_MS TURN_MS CMD0 CMD1 CMD2 CMD3
 *                                      one game with four player processes (each CMD split at spaces)
 */
public final class Harness {
	private static final int SEATS = 4;

	public static void main(String[] args) throws Exception {
		if (args.length == 3 && args[0].equals("starts")) {
			starts(Long.parseLong(args[1]), Long.parseLong(args[2]));
		} else if (args.length == 9 && args[0].equals("play")) {
			String[] commands = new String[SEATS];
			System.arraycopy(args, 5, commands, 0, SEATS);
			play(args[1], args[2], Integer.parseInt(args[3]), Integer.parseInt(args[4]), commands);
		} else {
			System.err.println("usage: Harness starts FROM TO | Harness play SEED OUT.json READY_MS TURN_MS CMD0 CMD1 CMD2 CMD3");
			System.exit(2);
		}
		// The engine's manipulators leave threads behind, as its Bookmaker knew.
		System.exit(0);
	}

	private static void starts(long from, long to) {
		StringBuilder out = new StringBuilder();
		for (long seed = from; seed <= to; seed++) {
			Logger.initialize();
			new Game(Long.toString(seed), null);
			out.append(seed);
			for (String[] square : Logger.initial) {
				out.append(' ').append(String.join(" ", square));
			}
			out.append('\n');
			if (out.length() > 1 << 16) {
				System.out.print(out);
				out.setLength(0);
			}
		}
		System.out.print(out);
		System.out.flush();
	}

	/** A log stream that keeps each line the engine logs through println, as it was given. */
	private static final class LineLog extends PrintStream {
		final List<String> lines = new ArrayList<String>();

		LineLog() {
			super(OutputStream.nullOutputStream());
		}

		@Override
		public synchronized void println(String line) {
			lines.add(line);
		}
	}

	private static void play(String seed, String outPath, int readyMs, int turnMs, String[] commands) throws Exception {
		Logger.initialize();
		Game game = new Game(seed, null);
		Field playersField = Game.class.getDeclaredField("players");
		playersField.setAccessible(true);
		Player[] players = (Player[]) playersField.get(game);

		ExternalComputerPlayer[] coms = new ExternalComputerPlayer[SEATS];
		LineLog[] sent = new LineLog[SEATS];
		LineLog[] read = new LineLog[SEATS];
		List<Manipulator<Game, String[]>> initializers = new ArrayList<Manipulator<Game, String[]>>();
		List<Manipulator<Game, String[]>> runners = new ArrayList<Manipulator<Game, String[]>>();
		for (int i = 0; i < SEATS; i++) {
			coms[i] = new ExternalComputerPlayer(commands[i].split(" "));
			sent[i] = new LineLog();
			read[i] = new LineLog();
			coms[i].addInputLogStream(sent[i]);
			coms[i].addOuputLogStream(read[i]);
			initializers.add(new AIInitializer(coms[i], i).limittingTime(readyMs).ignoringException());
			runners.add(new AIRunner(coms[i], i).limittingTime(turnMs).ignoringException());
		}

		StringBuilder json = new StringBuilder();
		json.append("{\"seed\":").append(quote(seed));
		json.append(",\"initial\":[");
		for (int i = 0; i < SEATS; i++) {
			json.append(i == 0 ? "" : ",").append(quoteAll(Logger.initial[i]));
		}
		json.append("],\"handshakes\":[");
		// The handshakes, seat by seat, before the first turn (as the Bookmaker does).
		for (int i = 0; i < SEATS; i++) {
			initializers.get(i).run(game);
			boolean released = initializers.get(i).released();
			if (released) {
				runners.get(i).release();
			}
			json.append(i == 0 ? "" : ",").append("{\"read\":").append(quoteAll(read[i].lines.toArray(new String[0])));
			json.append(",\"released\":").append(released).append('}');
			read[i].lines.clear();
		}
		json.append("],\"turns\":[");
		String separator = "";
		while (!game.isFinished()) {
			int seat = game.getTurn() % SEATS;
			boolean[] standing = new boolean[SEATS];
			for (int i = 0; i < SEATS; i++) {
				standing[i] = players[i].isAlive();
			}
			String[] answer = runners.get(seat).run(game);
			game.processTurn(answer);
			json.append(separator).append("{\"seat\":").append(seat);
			json.append(",\"sent\":").append(quoteAll(withNewlines(sent[seat].lines)));
			json.append(",\"read\":").append(quoteAll(read[seat].lines.toArray(new String[0])));
			json.append(",\"command\":").append(quote(Logger.commands.get(Logger.commands.size() - 1)));
			json.append(",\"fell\":[");
			String comma = "";
			for (int i = 0; i < SEATS; i++) {
				if (standing[i] && !players[i].isAlive()) {
					json.append(comma).append(i);
					comma = ",";
				}
			}
			json.append("]}");
			separator = ",";
			sent[seat].lines.clear();
			read[seat].lines.clear();
		}
		game.finish();
		json.append("],\"released\":[");
		for (int i = 0; i < SEATS; i++) {
			json.append(i == 0 ? "" : ",").append(runners.get(i).released());
		}
		json.append("],\"turnCount\":").append(game.getTurn());
		json.append(",\"winner\":").append(Logger.winner).append("}\n");
		// The players see the end of their input and finish the call in hand (a line read from what
		// a player wrote earlier does not wait for its answer to the input just sent).
		for (int i = 0; i < SEATS; i++) {
			finish(coms[i]);
		}
		try (Writer out = new OutputStreamWriter(new FileOutputStream(outPath), StandardCharsets.UTF_8)) {
			out.write(json.toString());
		}
	}

	/** Closes a player's standard input and waits for it to end; then releases it. */
	private static void finish(ExternalComputerPlayer com) throws Exception {
		Field processField = ExternalComputerPlayer.class.getDeclaredField("_process");
		processField.setAccessible(true);
		Process process = (Process) processField.get(com);
		if (process != null) {
			process.getOutputStream().close();
			process.waitFor(60, TimeUnit.SECONDS);
		}
		com.release();
	}

	/** What ExternalComputerPlayer wrote for each logged line: the line and the platform's line separator. */
	private static String[] withNewlines(List<String> lines) {
		String[] out = new String[lines.size()];
		for (int i = 0; i < out.length; i++) {
			out[i] = lines.get(i) + System.lineSeparator();
		}
		return out;
	}

	private static String quoteAll(String[] values) {
		StringBuilder b = new StringBuilder("[");
		for (int i = 0; i < values.length; i++) {
			b.append(i == 0 ? "" : ",").append(quote(values[i]));
		}
		return b.append(']').toString();
	}

	private static String quote(String s) {
		if (s == null) {
			return "null";
		}
		StringBuilder b = new StringBuilder("\"");
		for (int i = 0; i < s.length(); i++) {
			char c = s.charAt(i);
			if (c == '"' || c == '\\') {
				b.append('\\').append(c);
			} else if (c < 0x20 || c >= 0x7f) {
				b.append(String.format("\\u%04x", (int) c));
			} else {
				b.append(c);
			}
		}
		return b.append('"').toString();
	}
}
