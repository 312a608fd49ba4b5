import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { beginRenderSteps, finishRenderSteps, RenderStep } from './render-steps';

function Screen() {
  return (
    <div>
      <p>shell</p>
      <RenderStep>
        <p>header</p>
      </RenderStep>
      <RenderStep>
        <p>main</p>
        <RenderStep>
          <p>toolbar</p>
        </RenderStep>
      </RenderStep>
    </div>
  );
}

const shown = () => screen.getAllByText(/./, { selector: 'p' }).map((p) => p.textContent);

describe('RenderStep', () => {
  it('while the app starts, renders each part in a task of its own, nested parts after theirs', async () => {
    beginRenderSteps();
    render(<Screen />);
    expect(shown()).toEqual(['shell']);

    const finished = finishRenderSteps();
    // Nothing more in the same task: the first part waits for the next one.
    await Promise.resolve();
    expect(shown()).toEqual(['shell']);
    await finished;
    expect(shown()).toEqual(['shell', 'header', 'main', 'toolbar']);
  });

  it('after start-up, renders its part at once', () => {
    render(<Screen />);
    expect(shown()).toEqual(['shell', 'header', 'main', 'toolbar']);
  });
});
