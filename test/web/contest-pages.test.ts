import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKey, finishRound, keyedClient, type TestKey } from '../api/keys.js';
import { HAS_CHROMIUM, pageErrors, saveScreenshot, useBrowser } from '../support/browser.js';
import { useServer } from '../support/server.js';

// The contest pages in real headless Chromium against the `npm start` server with AUTH=required:
// the organizer's page of a board, a team's page, and sign-up with an invite without script.
// Screenshots: test-output/web/contest-*.png.

const SHOTS = 'test-output/web';
const IDLE = 'export default () => "idle\\nidle\\nidle\\nidle\\n"';
// Plays three turns, then throws on every call: its matches end in forfeits.
const TIRES =
  "let n = 0; export default () => { if (++n > 3) throw new Error('tired of snow'); return 'idle\\nidle\\nidle\\nidle\\n'; }";

describe.skipIf(!HAS_CHROMIUM)('the contest pages in a browser', () => {
  const server = useServer({ env: { AUTH: 'required' } });
  const call = keyedClient(() => server.base);
  const chromium = useBrowser();
  let page: Page;
  let errors: string[] = [];
  let organizer: TestKey;
  const teams: TestKey[] = [];
  const bots: string[] = [];
  let board = '';

  const shot = (name: string) => saveScreenshot(page, { path: join(SHOTS, name), fullPage: true });
  const go = (path: string) => page.goto(`${server.base}${path}`);
  const useKey = async (key: TestKey) => {
    await go('/');
    await page.evaluate((k) => localStorage.setItem('umpire.apiKey', k), key.key);
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    organizer = await createKey(server.dataDir, 'organizer', 1000, ['--admin']);
    const made = await call(organizer, 'POST', '/v1/keys', [
      { team: 'Polar Bears', name: 'polar' },
      { team: 'Penguins', name: 'penguins' },
      { team: 'Seals', name: 'seals' },
    ]);
    expect(made.status, made.text).toBe(201);
    for (const k of made.body.items) teams.push({ key: k.key, id: k.id });
    const created = await call(organizer, 'POST', '/v1/leaderboards', {
      name: 'Winter cup',
      game: 'icy',
      public: true,
    });
    expect(created.status, created.text).toBe(201);
    board = created.body.id;
    expect((await call(organizer, 'PATCH', `/v1/leaderboards/${board}`, { teams: true })).status).toBe(200);
    for (const [k, team] of teams.entries()) {
      const bot = await call(team, 'POST', '/v1/bots', { game: 'icy', js: IDLE, name: `bot-${k}.js` });
      expect(bot.status, bot.text).toBe(201);
      bots.push(bot.body.id);
      const entered = await call(team, 'POST', `/v1/leaderboards/${board}/entries`, { bot: bot.body.id });
      expect(entered.status, entered.text).toBe(201);
    }
    // The first team's second version tires after three turns.
    const v2 = await call(teams[0]!, 'POST', `/v1/bots/${bots[0]}/versions`, { js: TIRES });
    expect(v2.status, v2.text).toBe(201);
    const round = await call(organizer, 'POST', `/v1/leaderboards/${board}/rounds`);
    expect(round.status, round.text).toBe(202);
    await finishRound(call, board, round.body.id);
    page = await chromium.browser.newPage({ viewport: { width: 1200, height: 900 } });
    errors = pageErrors(page, /status of 40[134]/);
  }, 240_000);

  it("the organizer's page: settings, an invite, an entry banned with its reason, freezing", async () => {
    await useKey(organizer);
    await go(`/leaderboards/${board}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Organize Winter cup' }).waitFor({ timeout: 15_000 });
    await shot('contest-01-admin.png');

    await page.getByLabel('Name').fill('Winter cup 2026');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Organize Winter cup 2026' }).waitFor({ timeout: 15_000 });

    await page.getByRole('button', { name: 'Make an invite' }).click();
    await page.locator('#new-invite code').first().waitFor({ timeout: 15_000 });
    const invite = (await page.locator('#new-invite code').first().textContent()) ?? '';
    expect(invite.length).toBeGreaterThan(10);

    const row = page.locator('#admin-entries tr', { hasText: 'bot-2.js' });
    await row.getByLabel(/^status of/).selectOption('banned');
    await row.getByLabel('reason').fill('shared code with another team');
    expect(await row.locator('td').nth(2).textContent()).toBe('Seals');
    await row.getByRole('button', { name: 'Set' }).click();
    await page
      .locator('#admin-entries tr', { hasText: 'bot-2.js' })
      .getByText('shared code with another team')
      .waitFor({ timeout: 15_000 });
    await shot('contest-02-admin-banned.png');

    await page.getByRole('button', { name: 'Freeze the standings' }).click();
    await page.locator('#frozen-note').waitFor({ timeout: 15_000 });
    expect(await page.locator('#frozen-note').textContent()).toMatch(/SHA-256 [0-9a-f]{64}/);
    await shot('contest-03-admin-frozen.png');
    expect(errors).toEqual([]);
    (globalThis as { invite?: string }).invite = invite;
  }, 90_000);

  it("a team's page: its versions, the disabled one with its reason, its entry's status, its failures", async () => {
    await useKey(teams[0]!);
    await go('/team');
    await page.getByRole('heading', { level: 1, name: 'Team Polar Bears' }).waitFor({ timeout: 15_000 });
    const versions = page.locator(`#versions-${bots[0]} tbody tr`);
    expect(await versions.count()).toBe(2);
    expect(await versions.first().textContent()).toMatch(
      /disabled \(erred in \d+ of \d+ matches; first: .*tired of snow\)/,
    );
    expect(await page.locator(`#entries-${bots[0]}`).textContent()).toContain('Winter cup 2026');
    expect(await page.locator(`#matches-${bots[0]}`).textContent()).toContain('tired of snow');
    await shot('contest-04-team.png');

    // A third version through the page's form: it becomes the latest, listed first.
    const file = join(mkdtempSync(join(tmpdir(), 'umpire-team-')), 'steady.js');
    writeFileSync(file, `// version 3\n${IDLE};\n`);
    await page.locator(`#bot-${bots[0]}`).locator('xpath=..').getByLabel('Bot file').setInputFiles(file);
    await page
      .locator(`#bot-${bots[0]}`)
      .locator('xpath=..')
      .getByRole('button', { name: 'Upload a new version' })
      .click();
    // The form's answer sends the browser to /team again, which loads once more with the key.
    await expect.poll(() => versions.count().catch(() => 0), { timeout: 20_000 }).toBe(3);
    expect(await versions.first().textContent()).toMatch(/^3.*active$/);

    // The banned team sees why.
    await useKey(teams[2]!);
    await go('/team');
    await page.getByRole('heading', { level: 1, name: 'Team Seals' }).waitFor({ timeout: 15_000 });
    expect(await page.locator(`#entries-${bots[2]}`).textContent()).toContain('shared code with another team');
    await shot('contest-05-team-banned.png');
    expect(errors).toEqual([]);
  }, 60_000);

  it('signs up with an invite without script: the new team key is shown once, and works', async () => {
    const invite = (globalThis as { invite?: string }).invite ?? '';
    const context = await chromium.browser.newContext({ javaScriptEnabled: false });
    const bare = await context.newPage();
    await bare.goto(`${server.base}/signup?invite=${encodeURIComponent(invite)}`);
    await bare.getByLabel('Team name').fill('Walruses');
    await bare.getByRole('button', { name: 'Sign up' }).click();
    await bare.locator('#new-key').waitFor({ timeout: 15_000 });
    const key = ((await bare.locator('#new-key').textContent()) ?? '').trim();
    expect(key).toMatch(/^umpire_/);
    await saveScreenshot(bare, { path: join(SHOTS, 'contest-06-signed-up.png'), fullPage: true });
    const me = await call({ key, id: '' }, 'GET', '/v1/me');
    expect(me.body).toMatchObject({ scope: 'team', team: 'Walruses' });
    // The same invite page with a made-up code says why it fails, as a page.
    await bare.goto(`${server.base}/signup?invite=nonsense`);
    await bare.getByLabel('Team name').fill('Otters');
    await bare.getByRole('button', { name: 'Sign up' }).click();
    await bare.getByRole('heading', { level: 1 }).waitFor();
    expect(await bare.textContent('main')).toMatch(/invite/i);
    await context.close();
  }, 60_000);
});
