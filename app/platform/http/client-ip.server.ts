import { CLIENT_IP_HEADER } from "~/platform/auth/auth.server";

/** The client address the Express app put on the request (socket, or the trusted proxy chain). */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER)?.trim() ?? "";
}
