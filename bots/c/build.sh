#!/bin/sh
# Compiles a C player for wasm32-wasi (Debian: apt-get install clang lld wasi-libc libclang-rt-14-dev-wasm32).
# Usage: build.sh [OUT.wasm] [SOURCE.c in bots/c]; by default hunter.c (Icy) to build/bots/hunter-wasi.wasm.
set -e
out=${1:-build/bots/hunter-wasi.wasm}
src=${2:-hunter.c}
mkdir -p "$(dirname "$out")"
clang --target=wasm32-wasi --sysroot=/usr -O2 -o "$out" "$(dirname "$0")/$src" -lm
