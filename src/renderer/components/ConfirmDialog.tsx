import { useEffect, useRef } from 'react';

/** A modal yes/no question; Cancel has the focus so Enter never destroys anything by accident. */
export function ConfirmDialog({ title, body, confirm, onConfirm, onCancel }: {
  title: string; body: string; confirm: string; onConfirm: () => void; onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
    cancelRef.current?.focus();
  }, []);
  return (
    <dialog ref={ref} role="alertdialog" aria-labelledby="confirm-h" aria-describedby="confirm-b" className="confirm" onCancel={(e) => { e.preventDefault(); onCancel(); }}>
      <h2 id="confirm-h">{title}</h2>
      <p id="confirm-b">{body}</p>
      <div className="row-between">
        <button type="button" ref={cancelRef} onClick={onCancel}>Cancel</button>
        <button type="button" className="danger" onClick={onConfirm}>{confirm}</button>
      </div>
    </dialog>
  );
}
