#!/bin/sh
# Builds the differential-testing fuzz players for wasm32-wasi
# (Debian: apt-get install clang lld wasi-libc libclang-rt-14-dev-wasm32).
# Usage: build.sh [OUT_DIR]; by default build/differential/, one OUT_DIR/NAME.wasm per icy-fuzz*.c.
set -e
here=$(dirname "$0")
out=${1:-build/differential}
mkdir -p "$out"
for src in "$here"/icy-fuzz*.c; do
  name=$(basename "$src" .c)
  clang --target=wasm32-wasi --sysroot=/usr -O2 -Wall -Wextra -o "$out/$name.wasm" "$src" -lm
  echo "$out/$name.wasm"
done
