/**
 * The staff and visitor actors the domain tests act as (the shape `Actor` of app/platform/db/actor):
 * one set for every test, so that a test reads « as admin » instead of declaring its own.
 */
export const admin = { id: "admin-id", email: "direction@example.org", role: "admin" as const };
export const editor = { id: "editor-id", email: "redaction@example.org", role: "editor" as const };
export const viewer = { id: "viewer-id", email: "lecteur@example.org", role: "viewer" as const };
