// Code links as the user sees them: linking a selection through the palette, the CodeLens and hover on the
// linked code, the note's comment thread, and a stale link after the code was deleted on disk.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openFile, selectLines, sleep, waitFor } from '../editorSteps.mjs';
import { GROUP_ROWS } from '../workbench.mjs';

const TRAIN = `import torch


def build(width):
    return torch.nn.Linear(width, width)


def make_environment(spec, tools):
    env = ToolEnv(spec)
    for tool in tools:
        env.register(tool.name, tool.run)
    env.reset(seed=0)
    return env


def rollout(policy, env, steps=32):
    obs = env.reset()
    for _ in range(steps):
        obs, reward, done = env.step(policy(obs))
        if done:
            break
    return reward
`;

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'link a selection to a paper: CodeLens, hover and note on the code; a stale link after the code is deleted',
    async run({ page, runCommand, shot, workspace }) {
      mkdirSync(join(workspace, 'src'), { recursive: true });
      const file = join(workspace, 'src', 'agent.py');
      writeFileSync(file, TRAIN);
      // The collections load in the background; the status bar says when papers are there.
      await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click({ timeout: 60_000 });
      await page.locator(GROUP_ROWS).first().waitFor({ state: 'visible', timeout: 90_000 });
      await openFile(page, runCommand, 'agent.py');
      await page.locator('.monaco-editor .view-lines').first().click();
      await selectLines(page, runCommand, 8, 13);
      await runCommand('Papers: Link Paper to Selection…');
      const input = page.locator('.quick-input-widget input.input');
      await input.waitFor({ state: 'visible' });
      await input.pressSequentially('EnvFactory', { delay: 30 });
      await page
        .locator('.quick-input-list .monaco-list-row', { hasText: 'EnvFactory' })
        .first()
        .waitFor({ state: 'visible' });
      await page.keyboard.press('Enter');
      // The note prompt replaces the quick pick.
      await waitFor('the note prompt', async () =>
        /optional/i.test(
          (await page
            .locator('.quick-input-widget')
            .innerText()
            .catch(() => '')) ?? '',
        ),
      );
      await input.fill('tool environments are built like this (section 3.1)');
      await page.keyboard.press('Enter');

      const linksDir = join(workspace, '.papers', 'links');
      const stored = await waitFor('the link file', () => {
        try {
          const name = readdirSync(linksDir).find((n) => n.endsWith('.json'));
          return name && JSON.parse(readFileSync(join(linksDir, name), 'utf8'));
        } catch {
          return undefined;
        }
      });
      if (stored[0].range.startLine !== 7 || stored[0].range.endLine !== 12)
        throw new Error(`linked ${JSON.stringify(stored[0].range)}, expected lines 8-13`);

      // the lens starts with a codicon (drawn by VS Code's icon font), not an emoji a machine may lack a font for
      const lens = page.locator('.codelens-decoration', { has: page.locator('.codicon-book') }).first();
      await lens.waitFor({ state: 'visible', timeout: 15_000 });
      const lensText = await lens.innerText();
      if (!/EnvFactory/.test(lensText) || /\p{Extended_Pictographic}/u.test(lensText))
        throw new Error(`the CodeLens says "${lensText}"`);
      await page.keyboard.press('Escape');
      await page.locator('.monaco-editor .view-line', { hasText: 'def rollout' }).first().click();
      await sleep(400);
      await shot('codelens-and-gutter');

      await page
        .locator('.monaco-editor .view-line', { hasText: 'env.register' })
        .first()
        .hover({ position: { x: 120, y: 5 } });
      const hover = page.locator('.monaco-hover', { hasText: 'Open paper' }).first();
      await hover.waitFor({ state: 'visible', timeout: 10_000 });
      const hoverText = await hover.innerText();
      for (const want of ['EnvFactory', 'tool environments are built like this', 'Unlink']) {
        if (!hoverText.includes(want)) throw new Error(`the hover lacks "${want}": ${hoverText}`);
      }
      await sleep(300);
      await shot('hover');
      await page.mouse.move(5, 5);
      await page.keyboard.press('Escape');

      // The note as a comment thread: expand it from the Comments panel's command.
      await runCommand('Comments: Expand All Comments');
      await page
        .locator('.review-widget', { hasText: 'tool environments' })
        .first()
        .waitFor({ state: 'visible', timeout: 10_000 });
      await sleep(300);
      await shot('note-thread');
      // Edit the note in place: the pencil in the comment's title, then Save Note.
      const widget = page.locator('.review-widget', { hasText: 'tool environments' }).first();
      await widget.locator('.action-label[aria-label="Edit Link Note"]').first().click();
      const box = widget.locator('.edit-container .monaco-editor').first();
      await box.waitFor({ state: 'visible' });
      await box.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('tool environments are synthesized, see section 3.1');
      await sleep(200);
      await shot('note-editing');
      await widget.locator('.monaco-button', { hasText: 'Save Note' }).first().click();
      const savedNote = () => {
        const name = readdirSync(linksDir).find((n) => n.endsWith('.json'));
        try {
          return JSON.parse(readFileSync(join(linksDir, /** @type {string} */ (name)), 'utf8'))[0].note;
        } catch {
          return undefined;
        }
      };
      await waitFor(
        'the edited note in the link file',
        () => savedNote() === 'tool environments are synthesized, see section 3.1',
      );
      await runCommand('Comments: Collapse All Comments');

      // Delete the linked function on disk: the link goes stale and says so, with Re-link and Remove.
      writeFileSync(file, TRAIN.replace(/def make_environment[\s\S]*?return env\n\n\n/, ''));
      // The stale state itself (CodeLens with Re-link / Remove, still listed) is asserted in the integration suite
      // (test/vscode/suite/links.test.ts); here it is only photographed, since the lens may sit out of view.
      const staleMark = () => {
        const data = JSON.parse(
          readFileSync(
            join(linksDir, /** @type {string} */ (readdirSync(linksDir).find((n) => n.endsWith('.json')))),
            'utf8',
          ),
        );
        return data.length === 1;
      };
      await waitFor('the link still listed after its code was deleted', staleMark);
      await page.locator('.monaco-editor .view-lines').first().click();
      await page.keyboard.press('Control+Home');
      await sleep(3000);
      await sleep(400);
      await shot('stale-link');
      const after = JSON.parse(
        readFileSync(
          join(linksDir, /** @type {string} */ (readdirSync(linksDir).find((n) => n.endsWith('.json')))),
          'utf8',
        ),
      );
      if (after.length !== 1) throw new Error('the stale link was dropped from the file');
    },
  },
];
