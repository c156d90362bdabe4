/*
 * blockdrop-fuzz: a seeded fuzz player for block drop (JavaChallenge 2015),
 * for differential play of umpire's engine against the original Java engine.
 *
 * Classic stdin/stdout protocol: print READY (here with junk around it),
 * then per turn read the input up to EOD and print an answer, flushing.
 * All its randomness comes from 8 bytes of getentropy() (WASI random_get)
 * read once at start, so it is determined by its input and that seed.
 *
 * It reads the engine's input (its own line is "column row direction
 * wait") and aims at what the rules must decide: moves off the board's
 * edge, onto dropped blocks and next to other players, attacks while it
 * still sits out a previous one, and fallen turns. Around that it sends
 * what the engine's line reading must decide: junk before READY (and now
 * and then no READY at all), lines after it, blank lines, spaces and tabs around a command, words after it,
 * lower case, unknown words, \r and \r\n endings (a \r at the end of one
 * answer and the \n at the start of the next), answers without a line end,
 * empty answers, and several lines in one answer (read on later turns).
 *
 * Build: clang --target=wasm32-wasi --sysroot=/usr -O2 -o blockdrop-fuzz.wasm blockdrop-fuzz.c -lm
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BLOCKS 6
#define PLAYERS 4

static uint64_t rng;

static uint32_t next32(void) {
  /* xorshift64* */
  rng ^= rng >> 12;
  rng ^= rng << 25;
  rng ^= rng >> 27;
  return (uint32_t)((rng * 0x2545F4914F6CDD1DULL) >> 32);
}

static int below(int n) { return (int)(next32() % (uint32_t)n); }
static int chance(int percent) { return below(100) < percent; }

/* The seed's personality: how often each kind of answer comes. */
static int p_junk;    /* an invalid or odd line instead of a command */
static int p_dress;   /* a valid command with spaces, tabs, words or \r around it */
static int p_multi;   /* extra lines in the same answer */
static int p_bare;    /* no line end, or nothing at all */
static int p_aim;     /* a move aimed at an edge, a dropped block or a player */
static int p_attack;  /* attack (also while waiting) */

static int blocks[BLOCKS][BLOCKS];
static int col[PLAYERS], row[PLAYERS], wait_[PLAYERS];
static char dir[PLAYERS];
static int me, turn;
static int pending_lf; /* the last answer ended with a lone \r */

static const char *const JUNK[] = {
    "",        "   ",     "\t",      "a",        "u",     "AA",   "attack", "X",     "1",
    "NN",      "A\tB",    "-",       "READY",    "EOD",   "n",    "UP",     "r l",   "\x01" "A",
    "\xc2\xa0" "A", "A\x0b", "\x0c" "D", "L\x7f", "??",  "0 0",  "U,R",    "D;",    "nothing",
};
#define JUNKS (int)(sizeof JUNK / sizeof JUNK[0])

static const char CMDS[] = "URDLAN";

/* A command that tests a rule, if there is one to test from here. */
static char aimed(void) {
  static const char D[4] = {'U', 'R', 'D', 'L'};
  static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0};
  char options[8];
  int n = 0;
  if (row[me] < 0) return CMDS[below(6)];
  for (int k = 0; k < 4; k++) {
    int x = col[me] + DX[k], y = row[me] + DY[k];
    if (x < 0 || y < 0 || x > 17 || y > 17) {
      options[n++] = D[k]; /* off the edge */
      continue;
    }
    if (blocks[y / 3][x / 3] < 0) options[n++] = D[k]; /* onto a dropped block */
    for (int p = 0; p < PLAYERS; p++) {
      if (p == me || row[p] < 0) continue;
      int d = abs(col[p] - x) + abs(row[p] - y);
      if (d <= 4) {
        options[n++] = D[k]; /* next to a player (3 cancels, 4 does not) */
        break;
      }
    }
  }
  if (n == 0) return CMDS[below(6)];
  return options[below(n)];
}

/* One line (without its end) of an answer. */
static void line_text(char *out, size_t size) {
  if (chance(p_junk)) {
    snprintf(out, size, "%s", JUNK[below(JUNKS)]);
    return;
  }
  char c;
  if (wait_[me] > 0 && chance(60)) c = 'A'; /* attack while waiting */
  else if (chance(p_attack)) c = 'A';
  else if (chance(p_aim)) c = aimed();
  else c = CMDS[below(6)];
  if (!chance(p_dress)) {
    snprintf(out, size, "%c", c);
    return;
  }
  switch (below(6)) {
    case 0: snprintf(out, size, "  %c", c); break;
    case 1: snprintf(out, size, "%c \t ", c); break;
    case 2: snprintf(out, size, "\t%c extra words", c); break;
    case 3: snprintf(out, size, "%c  %c", c, CMDS[below(6)]); break;
    case 4: snprintf(out, size, "%c\t%c", c, CMDS[below(6)]); break;
    default: snprintf(out, size, " %c ", c); break;
  }
}

static const char *line_end(void) {
  int k = below(10);
  return k < 7 ? "\n" : k < 9 ? "\r\n" : "\r";
}

static void answer(void) {
  char text[64];
  if (pending_lf && chance(50)) fputs("\n", stdout); /* the \n of a \r\n split across answers */
  pending_lf = 0;
  if (chance(p_bare)) {
    if (chance(40)) { /* nothing at all */
      fflush(stdout);
      return;
    }
    line_text(text, sizeof text);
    fputs(text, stdout); /* no line end */
    fflush(stdout);
    return;
  }
  int lines = chance(p_multi) ? 2 + below(2) : 1;
  const char *end = "\n";
  for (int i = 0; i < lines; i++) {
    line_text(text, sizeof text);
    end = line_end();
    fputs(text, stdout);
    fputs(end, stdout);
  }
  pending_lf = strcmp(end, "\r") == 0;
  fflush(stdout);
}

static void handshake(void) {
  int before = below(4);
  for (int i = 0; i < before; i++) {
    static const char *const PRE[] = {"hello", "READY?", "ready", "READ Y", "", "  ", "N", "A"};
    printf("%s%s", PRE[below(8)], line_end());
  }
  if (chance(3)) { /* no READY at all: the engine gives up on it, umpire counts a forfeit */
    fputs("not ready\n", stdout);
    fflush(stdout);
    return;
  }
  static const char *const READY[] = {"READY\n", "READY\r\n", "  READY \t\n", "\tREADY\n", "READY\r"};
  int which = below(5);
  fputs(READY[which], stdout);
  pending_lf = which == 4;
  if (chance(25)) { /* lines after READY: the first turns' answers */
    char text[64];
    line_text(text, sizeof text);
    printf("%s\n", text);
    pending_lf = 0;
  }
  fflush(stdout);
}

/* Reads one turn's input up to EOD; 0 at the end of input. */
static int read_turn(void) {
  char word[16];
  if (scanf("%d %d", &me, &turn) != 2) return 0;
  for (int r = 0; r < BLOCKS; r++)
    for (int c = 0; c < BLOCKS; c++)
      if (scanf("%d", &blocks[r][c]) != 1) return 0;
  for (int p = 0; p < PLAYERS; p++) {
    if (scanf("%d %d %15s %d", &col[p], &row[p], word, &wait_[p]) != 4) return 0;
    dir[p] = word[0];
  }
  if (scanf("%15s", word) != 1 || strcmp(word, "EOD") != 0) return 0;
  return me >= 0 && me < PLAYERS;
}

int main(void) {
  if (getentropy(&rng, sizeof rng) != 0 || rng == 0) rng = 0x9E3779B97F4A7C15ULL;
  /* The personality, from the seed. */
  p_junk = below(4) == 0 ? 30 + below(40) : below(15);
  p_dress = below(40);
  p_multi = below(3) == 0 ? below(25) : below(4);
  p_bare = below(12);
  p_aim = 20 + below(70);
  p_attack = 5 + below(30);
  handshake();
  while (read_turn()) answer();
  return 0;
}
