import { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Requests the site sends to addresses chosen by an admin (webhooks), guarded against SSRF
 * (docs/decisions/0013-webhooks.md): the address is checked AFTER DNS resolution, in the socket's
 * own lookup, so the address checked is the one connected to (no DNS rebinding between a check and
 * the connection). Loopback and private networks are refused unless `allowPrivateNetwork`
 * (WEBHOOKS_ALLOW_PRIVATE_NETWORK); link-local and cloud metadata addresses always are. Redirects
 * are never followed (a 3xx is an answer like any other).
 */
const ALWAYS_REFUSED = new BlockList();
ALWAYS_REFUSED.addSubnet("0.0.0.0", 8, "ipv4");
ALWAYS_REFUSED.addSubnet("169.254.0.0", 16, "ipv4"); // link-local, 169.254.169.254 metadata
ALWAYS_REFUSED.addAddress("100.100.100.200", "ipv4"); // Alibaba Cloud metadata
ALWAYS_REFUSED.addSubnet("224.0.0.0", 4, "ipv4"); // multicast
ALWAYS_REFUSED.addSubnet("240.0.0.0", 4, "ipv4"); // reserved, broadcast
ALWAYS_REFUSED.addAddress("::", "ipv6");
ALWAYS_REFUSED.addSubnet("fe80::", 10, "ipv6"); // link-local
ALWAYS_REFUSED.addAddress("fd00:ec2::254", "ipv6"); // AWS metadata (IPv6)
ALWAYS_REFUSED.addSubnet("ff00::", 8, "ipv6"); // multicast

const PRIVATE = new BlockList();
PRIVATE.addSubnet("127.0.0.0", 8, "ipv4");
PRIVATE.addSubnet("10.0.0.0", 8, "ipv4");
PRIVATE.addSubnet("172.16.0.0", 12, "ipv4");
PRIVATE.addSubnet("192.168.0.0", 16, "ipv4");
PRIVATE.addSubnet("100.64.0.0", 10, "ipv4"); // carrier-grade NAT
PRIVATE.addSubnet("192.0.0.0", 24, "ipv4");
PRIVATE.addSubnet("198.18.0.0", 15, "ipv4");
PRIVATE.addAddress("::1", "ipv6");
PRIVATE.addSubnet("fc00::", 7, "ipv6"); // unique local

export class RefusedAddressError extends Error {
  constructor(readonly address: string) {
    super(`Adresse refusée (${address})\u00a0: réseau local, privé ou de métadonnées.`);
    this.name = "RefusedAddressError";
  }
}

/** Why an IP address may not be reached, or undefined when it may. */
export function refusedAddress(address: string, allowPrivateNetwork: boolean): string | undefined {
  let ip = address.replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) ip = mapped[1]!;
  const family = isIP(ip);
  if (family === 0) return "adresse invalide";
  const type = family === 4 ? "ipv4" : "ipv6";
  if (ALWAYS_REFUSED.check(ip, type)) return "adresse de lien local ou de métadonnées";
  if (!allowPrivateNetwork && PRIVATE.check(ip, type)) return "adresse locale ou privée";
  return undefined;
}

/** A DNS lookup that refuses, at connection time, any resolved address `refusedAddress` refuses. */
export function guardedLookup(allowPrivateNetwork: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as unknown as Array<{ address: string; family: number }>;
      const refused = list.find((a) => refusedAddress(a.address, allowPrivateNetwork));
      if (refused || list.length === 0) return callback(new RefusedAddressError(refused?.address ?? hostname), "", 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

export interface OutboundResponse {
  status: number;
  body: string;
}

/**
 * POSTs `body` to `url` with the SSRF guard, a timeout and no redirect. Resolves with the status
 * (and the first 2 KB of the answer); rejects on a refused address, a network error or the timeout.
 */
export function guardedPost(
  url: string,
  body: string,
  headers: Record<string, string>,
  { allowPrivateNetwork, timeoutMs = 10_000 }: { allowPrivateNetwork: boolean; timeoutMs?: number },
): Promise<OutboundResponse> {
  return new Promise((resolve, reject) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      reject(new Error("Adresse invalide."));
      return;
    }
    if (target.protocol !== "https:" && target.protocol !== "http:") {
      reject(new Error("Seules les adresses http et https sont acceptées."));
      return;
    }
    // A literal IP address is never looked up: check it here.
    const literal = target.hostname.replace(/^\[|\]$/g, "");
    if (isIP(literal) && refusedAddress(literal, allowPrivateNetwork)) {
      reject(new RefusedAddressError(literal));
      return;
    }
    const client = target.protocol === "https:" ? https : http;
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": Buffer.byteLength(body).toString() },
        lookup: guardedLookup(allowPrivateNetwork),
        timeout: timeoutMs,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          if (size < 2048) chunks.push(chunk);
          size += chunk.length;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8").slice(0, 2048) }),
        );
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`Pas de réponse en ${Math.round(timeoutMs / 1000)}\u00a0s.`)));
    request.on("error", reject);
    request.end(body);
  });
}
