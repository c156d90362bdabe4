#!/bin/sh
# Compiles a C player for wasm32-wasi (Debian: apt-get install clang lld wasi-libc libclang-rt-14-dev-wasm32).
# Usage: build-wasi-bot.sh [OUT.wasm] [SOURCE.c]; by default Icy's src/games/icy/bots/hunter.c to build/bots/hunter-wasi.wasm.
set -e
out=${1:-build/bots/hunter-wasi.wasm}
src=${2:-src/games/icy/bots/hunter.c}
mkdir -p "$(dirname "$out")"
clang --target=wasm32-wasi --sysroot=/usr -O2 -o "$out" "$src" -lm
