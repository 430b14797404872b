import type { Route } from "./+types/simple";

export const handle = { hydrate: false };
export default function Simple() { return <p>simple</p>; }
