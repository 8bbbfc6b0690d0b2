import type { Locator, Page } from "playwright-core";

/** The input or select of the Invoke form's argument field at `path` (its `data-field-path`, e.g. `args.0.address.city`). */
export function fieldControl(page: Page, path: string): Locator {
  return page.locator(`[data-field-path="${path}"]`).locator("input:not([type=file]), select").first();
}

/**
 * Fills TypesService.echoUser's User on the Invoke page as the Triple e2e test and the
 * invoke-ui benchmark send it: an id beyond 2^53, `name`, an enum, and a nested Address; then
 * chooses "One provider" (the caller picks which).
 */
export async function fillEchoUser(page: Page, name: string): Promise<void> {
  await page.locator('[data-field-path="args.0"]').waitFor();
  await fieldControl(page, "args.0.id").fill("9007199254740993");
  await fieldControl(page, "args.0.name").fill(name);
  await fieldControl(page, "args.0.favouriteColor").selectOption("BLUE");
  await page.getByRole("button", { name: "Fill in address" }).click();
  await fieldControl(page, "args.0.address.city").fill("Hangzhou");
  await fieldControl(page, "args.0.address.zip").fill("310000");
  await page.getByLabel("One provider").check();
}
