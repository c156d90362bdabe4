#!/bin/sh
# Compiles the original JavaChallenge 2015 engine (read-only, from ../shared) with this folder's
# own Logger and harness into a scratch directory. Debian: libcommons-lang-java libguava-java
# libcommons-cli-java and a JDK (17: the harness relies on Thread.stop, as the engine's time limit does).
# Usage: build-engine.sh [OUT_DIR] [ENGINE_DIR]; prints OUT_DIR.
set -e
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/tmp/umpire-blockdrop-engine}
engine=${2:-$here/../../../../shared/reference/javachallenge2015}
cp=/usr/share/java/commons-lang.jar:/usr/share/java/guava.jar:/usr/share/java/commons-cli.jar
mkdir -p "$out"
list="$out/sources.txt"
find "$engine/gameaiarena/src/main/java" -name '*.java' > "$list"
find "$engine/src/main/java" -name '*.java' ! -path '*/javachallenge2015/log/*' >> "$list"
find "$here/java" -name '*.java' >> "$list"
javac -nowarn -encoding UTF-8 -cp "$cp" -d "$out/classes" @"$list" 2>&1 | grep -v '^Note:' >&2 || true
test -f "$out/classes/umpire/blockdrop/Harness.class"
echo "$out"
