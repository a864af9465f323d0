/** Types of runtime.mjs (the Node the app runs on); the docstrings are there. */
export function supportedMajors(): { min: number; below: number; range: string };
export function isSupported(version: string): boolean;
export function requireSupportedNode(what: string): void;
export function nodeHeadersDir(): string | null;
