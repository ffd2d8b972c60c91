import { defaultBounds } from './windowGeometry';
import { BESIDE_LIST_MIN_WIDTH, LIST_GAP_PX, newWindowBounds } from './windowPlacement';

describe('where a new chat window opens (issue 31: never over the conversation list)', () => {
  const laptop = { width: 1280, height: 800 };
  const wide = { width: 1920, height: 1080 };

  it('without a list on screen: 1000×600 centred, cascading, as the spec has it', () => {
    expect(newWindowBounds(wide, 0)).toEqual({
      position: { x: 460, y: 240 },
      size: { width: 1000, height: 600 },
    });
    expect(newWindowBounds(wide, 1)).toEqual(defaultBounds(wide, 1));
    // a list without layout (0, not a number) counts as none
    expect(newWindowBounds(wide, 0, 0)).toEqual(defaultBounds(wide, 0));
    expect(newWindowBounds(wide, 0, Number.NaN)).toEqual(defaultBounds(wide, 0));
  });

  it('on a wide screen: 1000×600 in the space right of the list, each further one cascaded', () => {
    // space from 640 (list edge 600 + 40) to 1904 (16 from the edge): 1264 wide, the window centred in it
    expect(newWindowBounds(wide, 0, 600)).toEqual({
      position: { x: 772, y: 240 },
      size: { width: 1000, height: 600 },
    });
    expect([1, 2, 3].map((n) => newWindowBounds(wide, n, 600).position)).toEqual([
      { x: 800, y: 268 },
      { x: 828, y: 296 },
      { x: 856, y: 324 },
    ]);
    // the cascade stops at the right edge, and starts over after 8 windows
    expect(newWindowBounds(wide, 7, 600).position).toEqual({ x: 904, y: 436 });
    expect(newWindowBounds(wide, 8, 600)).toEqual(newWindowBounds(wide, 0, 600));
  });

  it('on a laptop (the list about 574 px from the left at 1280×800): narrower, beside the list', () => {
    expect(newWindowBounds(laptop, 0, 573.66)).toEqual({
      position: { x: 614, y: 100 },
      size: { width: 650, height: 600 },
    });
    // no room to step right: further windows step down only, still clear of the list
    expect(newWindowBounds(laptop, 1, 573.66)).toEqual({
      position: { x: 614, y: 128 },
      size: { width: 650, height: 600 },
    });
    expect(newWindowBounds(laptop, 0, 700)).toEqual({
      position: { x: 740, y: 100 },
      size: { width: 524, height: 600 },
    });
  });

  it('when even 500 px do not fit beside the list: centred (over it) at the default size', () => {
    expect(newWindowBounds(laptop, 0, 800)).toEqual({
      position: { x: 140, y: 100 },
      size: { width: 1000, height: 600 },
    });
    // the list stacked full width on a small screen
    const tablet = { width: 1024, height: 768 };
    expect(newWindowBounds(tablet, 2, 984)).toEqual(defaultBounds(tablet, 2));
  });

  it('a low screen: the height fits the viewport (at least 400), the window stays on screen', () => {
    expect(newWindowBounds({ width: 1600, height: 500 }, 3, 400)).toEqual({
      position: { x: 584, y: 0 },
      size: { width: 1000, height: 500 },
    });
    expect(newWindowBounds({ width: 1600, height: 300 }, 0, 400).size.height).toBe(400);
  });

  it('for any screen and list: beside the list, at least 500 wide and on screen, or the centred default', () => {
    for (const width of [800, 1024, 1280, 1366, 1440, 1920, 2560]) {
      for (const height of [600, 768, 900, 1440]) {
        for (const listRight of [200, 450, 574, 808, 1000, width - 40]) {
          for (const cascade of [0, 1, 5, 9]) {
            const viewport = { width, height };
            const { position, size } = newWindowBounds(viewport, cascade, listRight);
            const beside = position.x >= listRight + LIST_GAP_PX;
            if (!beside) {
              expect(newWindowBounds(viewport, cascade, listRight)).toEqual(defaultBounds(viewport, cascade));
              expect(width - listRight - LIST_GAP_PX - 16).toBeLessThan(BESIDE_LIST_MIN_WIDTH);
              continue;
            }
            expect(size.width).toBeGreaterThanOrEqual(BESIDE_LIST_MIN_WIDTH);
            expect(size.width).toBeLessThanOrEqual(1000);
            expect(position.x + size.width).toBeLessThanOrEqual(width);
            expect(position.y).toBeGreaterThanOrEqual(0);
            expect(position.y + size.height).toBeLessThanOrEqual(Math.max(height, 400));
          }
        }
      }
    }
  });
});
