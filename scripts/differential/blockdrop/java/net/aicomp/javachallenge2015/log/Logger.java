package net.aicomp.javachallenge2015.log;

import java.util.ArrayList;
import java.util.List;

/**
 * Stands in for the engine's JSON logger (which needs a 2015 Jackson): the
 * differential harness reads what the rules report through these calls
 * straight from memory. Same static entry points as the engine's class.
 */
public final class Logger {
	/** The starting square and direction of each player, as the engine reports them ("x", "y", "D"). */
	public static String[][] initial;
	/** The command value reported at the end of every turn, in turn order. */
	public static final List<String> commands = new ArrayList<String>();
	/** The winner the engine reports when the game ends (-1: nobody), or null before that. */
	public static Integer winner;
	/** The engine's free-form messages (manipulator traces), kept for debugging. */
	public static final List<String> messages = new ArrayList<String>();

	private Logger() {
	}

	public static void initialize() {
		initial = null;
		commands.clear();
		winner = null;
		messages.clear();
	}

	public static void close() {
	}

	public static synchronized void outputLog(String message) {
		messages.add(message.trim());
	}

	public static void outputInitialState(String[][] state) {
		initial = state;
	}

	public static void outputCommand(String command) {
		commands.add(command);
	}

	public static void outputLogObject(int winnerId) {
		winner = winnerId;
	}
}
