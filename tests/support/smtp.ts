import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message as the SMTP server received it, decoded enough for assertions. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  replyTo: string;
  /** Every text part (plain and HTML), transfer-decoded. */
  body: string;
  raw: string;
}

/** RFC 2047 encoded words ("=?UTF-8?Q?...?=", "=?UTF-8?B?...?=") to text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) => {
      if (enc.toUpperCase() === "B") return Buffer.from(text, "base64").toString("utf8");
      const bytes = text.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    });
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, "").replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

export function decodeMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const headerEnd = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, " ");
  const header = (name: string) => decodeWords(new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1]?.trim() ?? "");
  const bodies: string[] = [];
  const partRe = /Content-Transfer-Encoding: ([\w-]+)\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?=\r?\n--|$)/gi;
  for (const m of raw.matchAll(partRe)) {
    const encoding = m[1]!.toLowerCase();
    const content = m[2]!;
    bodies.push(
      encoding === "quoted-printable"
        ? decodeQuotedPrintable(content)
        : encoding === "base64"
          ? Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8")
          : content,
    );
  }
  return {
    from: envelope.from,
    to: envelope.to,
    subject: header("Subject"),
    replyTo: header("Reply-To"),
    body: bodies.join("\n"),
    raw,
  };
}

/**
 * A real SMTP server on 127.0.0.1 (no TLS, no authentication) that keeps what it receives.
 * `stop()` closes it (connections are then refused), `start()` opens it again on the same port.
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  port = 0;
  private server: SMTPServer | undefined;

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["AUTH", "STARTTLS"],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
          const to = session.envelope.rcptTo.map((r) => r.address);
          this.received.push(decodeMail(Buffer.concat(chunks).toString("utf8"), { from, to }));
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }
}
