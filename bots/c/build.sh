#!/bin/sh
# Compiles the C player for wasm32-wasi (Debian: apt-get install clang lld wasi-libc libclang-rt-14-dev-wasm32).
set -e
out=${1:-build/bots/hunter-wasi.wasm}
mkdir -p "$(dirname "$out")"
clang --target=wasm32-wasi --sysroot=/usr -O2 -o "$out" "$(dirname "$0")/hunter.c"
