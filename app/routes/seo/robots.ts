export function loader() { return new Response("User-agent: *\n"); }
