import type { Stores } from './contract/stores.js';

/** What a backend is opened with. */
export interface BackendOptions {
  /** The settings, by their environment names (the same on every runtime). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where problems with local data (a corrupt file) are reported. */
  readonly log: (line: string) => void;
  /**
   * This process uses storage another one owns (a CLI command beside the server, or infra/):
   * prepare() creates nothing, and embedded storage is borrowed from a local server running on
   * the data folder when there is one (its data can be opened by one process only).
   */
  readonly guest?: boolean;
}

/** A backend's stores, open. */
export interface OpenedStores {
  /** The backend's name (STORE=<name>). */
  readonly backend: string;
  readonly stores: Stores;
  /** Where the data lives, a line each, for a server's start-up log. */
  readonly where: readonly string[];
  /** Creates what the data needs before first use (a bucket, a table); rejects when it cannot. */
  prepare(): Promise<void>;
  /** Stops what the backend started (local servers) and lets go of its connections. */
  close(): Promise<void>;
}

/** A storage backend: one folder under src/store/, listed in a registry (registry.ts, registry-node.ts). */
export interface StoreBackend {
  /** What STORE names it by. */
  readonly name: string;
  /** What it is and which settings it reads, for the message of a STORE that names none. */
  readonly summary: string;
  /** Opens the stores; a setting that is missing or wrong is a StoreConfigError. */
  open(options: BackendOptions): Promise<OpenedStores>;
}
