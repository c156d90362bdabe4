/** Bundlers for Workers (wrangler) turn a static `.wasm` import into a compiled module. */
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
