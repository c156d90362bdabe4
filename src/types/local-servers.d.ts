/** The local S3 and DynamoDB servers ship no types; these are the parts umpire uses. */
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';
  interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

declare module 'dynalite' {
  import type { Server } from 'node:http';
  export default function dynalite(options: {
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
  }): Server;
}
