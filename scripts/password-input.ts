import type { Readable } from "node:stream";

/** The largest password accepted on standard input (the policy's own maximum applies after). */
const MAX_STDIN_BYTES = 16 * 1024;

/**
 * Reads the password from standard input (`--password-stdin`): everything sent, without the final
 * line break. Never echoed (nothing is printed).
 */
export async function readPasswordFromStdin(input: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_STDIN_BYTES) throw new Error("Le mot de passe reçu sur l'entrée standard est trop long.");
    chunks.push(buffer);
  }
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

/**
 * Asks for a password on the terminal without showing it: raw mode, the typed characters are
 * read one by one and never written back. Enter ends, Backspace erases, Ctrl+C cancels.
 */
export function readPasswordHidden(prompt: string, input: NodeJS.ReadStream = process.stdin, output: NodeJS.WriteStream = process.stderr) {
  return new Promise<string>((resolve, reject) => {
    output.write(prompt);
    let value = "";
    const wasRaw = input.isRaw;
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    const finish = (error?: Error) => {
      input.off("data", onData);
      input.setRawMode(wasRaw);
      input.pause();
      output.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (data: string) => {
      for (const char of data) {
        if (char === "\r" || char === "\n" || char === "\u0004") return finish();
        if (char === "\u0003") return finish(new Error("Saisie annulée."));
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else if (char >= " ") value += char;
      }
    };
    input.on("data", onData);
  });
}
