import { describe, expect, it } from 'vitest';
import { rendererProblems } from './react-renderer';

const reactDom = '/app/node_modules/react-dom/cjs/react-dom-client.production.js';
const app = ['/app/apps/web/src/app/start.tsx', '/app/node_modules/react/cjs/react.production.js'];

describe('the build check of the renderer', () => {
  it('passes a build with react-dom 19 and no Preact', () => {
    expect(rendererProblems([...app, reactDom], '19.2.0')).toEqual([]);
  });

  it('fails a build that holds Preact, as an alias to compat would bring it', () => {
    const problems = rendererProblems(
      [...app, reactDom, '/app/node_modules/preact/compat/dist/compat.module.js'],
      '19.2.0',
    );
    expect(problems).toEqual([
      'Preact is in the build: /app/node_modules/preact/compat/dist/compat.module.js',
    ]);
  });

  it('fails a build without react-dom, or with another major version of it', () => {
    expect(rendererProblems(app, '19.2.0')).toEqual([
      'react-dom (its client renderer, production build) is not in the build',
    ]);
    expect(rendererProblems([...app, reactDom], '18.3.1')).toEqual([
      'react-dom 18.3.1 is not React 19',
    ]);
  });

  it('reads Windows paths too', () => {
    expect(
      rendererProblems(['C:\\app\\node_modules\\preact\\dist\\preact.mjs', reactDom], '19.0.0'),
    ).toHaveLength(1);
  });
});
