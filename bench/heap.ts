import type { Page } from '@playwright/test';

/** JS heap of the page and of its trace workers, after a forced GC (CDP, attached to each target). */
export async function heapOf(page: Page): Promise<{ main: number; worker: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const main = await cdp.send('Runtime.getHeapUsage');
  let worker = 0;
  const browserCdp = await page.context().browser()?.newBrowserCDPSession();
  if (browserCdp) {
    const { targetInfos } = await browserCdp.send('Target.getTargets');
    for (const t of targetInfos.filter((x) => x.type === 'worker')) {
      const { sessionId } = await browserCdp.send('Target.attachToTarget', { targetId: t.targetId, flatten: false });
      const ask = (id: number, method: string): Promise<unknown> =>
        new Promise((resolve) => {
          const onMsg = (ev: { sessionId?: string; message: string }) => {
            const m: unknown = JSON.parse(ev.message);
            if (typeof m === 'object' && m !== null && 'id' in m && m.id === id) {
              browserCdp.off('Target.receivedMessageFromTarget', onMsg);
              resolve('result' in m ? m.result : undefined);
            }
          };
          browserCdp.on('Target.receivedMessageFromTarget', onMsg);
          void browserCdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
        });
      await ask(1, 'HeapProfiler.collectGarbage');
      const usage = await ask(2, 'Runtime.getHeapUsage');
      if (typeof usage === 'object' && usage !== null && 'usedSize' in usage && typeof usage.usedSize === 'number')
        worker += usage.usedSize;
      await browserCdp.send('Target.detachFromTarget', { sessionId });
    }
    await browserCdp.detach();
  }
  await cdp.detach();
  return { main: main.usedSize, worker };
}
