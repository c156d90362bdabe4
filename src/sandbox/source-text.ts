/** A source bundle's text: stored bots come back as bytes. */
export const sourceText = (code: string | Uint8Array): string =>
  typeof code === 'string' ? code : new TextDecoder().decode(code);
