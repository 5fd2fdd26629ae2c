// Browser tests start Chromium and wait on real pages: give them room.
jest.setTimeout(90_000);
