/** The engine and service version recorded in every match manifest (kept equal to package.json's). */
export const VERSION = '0.3.0';
export const ENGINE = `umpire/${VERSION}`;
