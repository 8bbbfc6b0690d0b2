import "server-only";
import { NextResponse } from "next/server";

/** 201 Created with `body` as JSON and `Location` naming what was created, never cached. */
export function createdResponse(body: unknown, location: string): NextResponse {
  return NextResponse.json(body, { status: 201, headers: { location, "cache-control": "no-store" } });
}
