import { useEffect, useState } from 'react';
import type { EventPayload } from '../../contract/ipc.js';
import { useBridge } from '../bridge/context.js';
import { batchFinishedText as batchMessage } from '../../contract/batch-text.js';

type Batch = EventPayload<'batch:finished'>;

/**
 * Says when a batch finishes: in the window (a toast, read out by screen readers), and as a
 * system notification when the browser allows them and the window is in the background. The
 * Electron shell shows its own notification, so there `system` is false.
 */
export function BatchToast({ system }: { system: boolean }) {
  const bridge = useBridge();
  const [shown, setShown] = useState<Batch | null>(null);
  useEffect(() => bridge.on('batch:finished', (b) => {
    setShown(b);
    if (system && typeof Notification !== 'undefined' && Notification.permission === 'granted' && document.visibilityState !== 'visible') {
      new Notification('Ledgerdrop: batch finished', { body: batchMessage(b) });
    }
  }), [bridge, system]);
  useEffect(() => {
    if (!shown) return;
    const t = setTimeout(() => setShown(null), 15_000);
    return () => clearTimeout(t);
  }, [shown]);
  if (!shown) return null;
  return (
    <div className="toast" role="status" data-testid="batch-toast">
      <strong>Batch finished.</strong> {batchMessage(shown)}{' '}
      {system && typeof Notification !== 'undefined' && Notification.permission === 'default' && (
        <button type="button" className="small" onClick={() => void Notification.requestPermission()}>Notify me outside the window too</button>
      )}{' '}
      <button type="button" className="small" onClick={() => setShown(null)} aria-label="Dismiss">×</button>
    </div>
  );
}
