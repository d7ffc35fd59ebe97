import { expect, test } from "@playwright/test";

/**
 * The first thing a keyboard or screen-reader user meets: "Aller au contenu". Taken with
 * Tab then Enter, it must put focus on the main content, so the next Tab goes to the
 * page's own first link, not back through the header.
 */
for (const [locale, name] of [["fr", "Aller au contenu"], ["ar", "الانتقال إلى المحتوى"]] as const) {
  test(`the skip link takes keyboard focus into the main content (${locale}) @phone`, async ({ page, baseURL }) => {
    const url = new URL("/pompes-funebres/lyon-69123", baseURL);
    if (locale !== "fr") url.hostname = `${locale}.${url.hostname}`;
    await page.goto(url.toString());
    await expect(page.locator("html")).toHaveAttribute("lang", locale);

    await page.keyboard.press("Tab");
    const skip = page.locator(":focus");
    await expect(skip).toHaveAttribute("href", "#contenu");
    await expect(skip).toHaveAccessibleName(name);
    // Hidden until focused, then on screen for sighted keyboard users.
    await expect(skip).toBeInViewport();

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#contenu$/);
    await expect(page.locator("main")).toBeFocused();
    await expect(page.locator("main")).toHaveAttribute("id", "contenu");

    // The next stop is inside the main content, past the header's links.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
  });
}
