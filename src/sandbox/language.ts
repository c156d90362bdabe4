import type { BotLanguageInfo } from '../core/bot-languages.js';
import type { BotContext, LoadResult } from './types.js';
import type { WasiPreparer, WasmSessionFactory } from './wasm/session.js';

/**
 * A bot language: one folder of src/sandbox (its runtime, its loader and
 * this description) and one line in src/sandbox/languages.ts.
 */
export interface Language extends BotLanguageInfo {
  /** Build outputs its loaders run on (metered interpreters in build/), which each runtime provides (SandboxHost.engine). */
  readonly engines: readonly string[];
  /** Loads a bot's code into a sandbox, per runtime: in-process (Node, Lambda), and Cloudflare Workers. */
  readonly load: { readonly node: LanguageLoader; readonly workers: LanguageLoader };
  /** Its benchmarks in `npm run calibrate`, if it has any. */
  readonly calibration?: Calibration;
  readonly docs: LanguageDocs;
}

/** The code of a bot (its text or its bytes, as sent or stored) loaded under `ctx` with what the runtime offers. */
export type LanguageLoader = (code: string | Uint8Array, ctx: BotContext, host: SandboxHost) => Promise<LoadResult>;

/** What a runtime offers the languages' loaders. */
export interface SandboxHost {
  /** A build output a language runs on (Language.engines), compiled by this runtime. */
  engine(file: string): Promise<WebAssembly.Module>;
  /** Where metered WebAssembly modules run: in-process, or in Worker Loader isolates. */
  readonly wasmSessions: WasmSessionFactory;
  /** Whether raw WASI command modules run with JavaScript Promise Integration here (Node 24, workerd). */
  readonly jspi?: boolean;
  /** Without JSPI: makes a metered WASI command module suspendable (asyncify); absent where the runtime cannot. */
  readonly prepareWasi?: WasiPreparer;
}

export interface Calibration {
  /** Its name in `npm run calibrate -- --only=...`. */
  readonly id: string;
  /** The heading of its table. */
  readonly title: string;
  /** The script, from the project's root, whose export `benches(filter)` gives its benchmarks. */
  readonly script: string;
}

export interface LanguageDocs {
  /** A one-line summary, for the README's table of languages. */
  readonly summary: string;
  /** Its page for bot authors, from the project's root. */
  readonly page: string;
}
