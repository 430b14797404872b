import { useEffect, useRef, useState, type PointerEvent } from "react";
import { Button } from "~/ui/button";

/**
 * A signature drawn with a finger, a stylus or the mouse (pointer events on a canvas), sent as a
 * PNG data URL in the hidden field `name`. Rendered only once JavaScript runs: without it the page
 * shows the typed-name field alone (docs/decisions/0033-attendance-signed-online.md says why no
 * library: a PNG is all the proof needs).
 */
export function SignaturePad({ name, label, id }: { name: string; label: string; id: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [value, setValue] = useState("");
  const [ready, setReady] = useState(false);

  useEffect(() => setReady(true), []);
  useEffect(() => {
    const c = canvas.current;
    if (!ready || !c) return;
    const ratio = window.devicePixelRatio || 1;
    c.width = Math.round(c.clientWidth * ratio);
    c.height = Math.round(c.clientHeight * ratio);
    const ctx = c.getContext("2d");
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#0f172a";
  }, [ready]);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  };
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext("2d");
    if (!ctx) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const p = point(e);
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(p.x + 0.1, p.y + 0.1);
    ctx.stroke();
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = e.currentTarget.getContext("2d");
    const p = point(e);
    ctx?.lineTo(p.x, p.y);
    ctx?.stroke();
  };
  const up = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    setValue(e.currentTarget.toDataURL("image/png"));
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext("2d")?.clearRect(0, 0, c.width, c.height);
    setValue("");
  };

  if (!ready) return null;
  return (
    <div className="space-y-2">
      <p id={`${id}-label`} className="font-medium text-slate-900 dark:text-white">
        {label}
      </p>
      <canvas
        ref={canvas}
        id={id}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-etat`}
        data-testid="zone-signature"
        className="h-40 w-full touch-none rounded-lg border-2 border-dashed border-slate-400 bg-white"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <input type="hidden" name={name} value={value} />
      <div className="flex flex-wrap items-center gap-3">
        <p id={`${id}-etat`} className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {value ? "Signature dessinée." : "Dessinez votre signature avec le doigt, un stylet ou la souris."}
        </p>
        {value ? (
          <Button type="button" variant="secondary" size="sm" onClick={clear}>
            Effacer
          </Button>
        ) : null}
      </div>
    </div>
  );
}
