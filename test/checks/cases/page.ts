/** The checks of pages and page walks: a fixture where each fires, and one where it stays quiet. */
import { exchangeOf } from '../../support/exchange.js';
import { againPage, ids, unnumberedPage, walkOf, walkPage } from '../../support/walk.js';
import { type Case, type Json, refused, withData, soundWalk } from './fixtures.js';

/** Page 1 of a walk at 2 a page asked with pageNo 1 and refused, as an unknown member. */
const numberedRefused = exchangeOf('bank-card-list', {
  path: 'page:2:1',
  payload: { pageSize: 2, pageNo: 1 },
  body: { ...refused, message: 'unknown member pageNo' },
});

export const pageCases: Record<string, Case> = {
  'page-integer-text': {
    fires: exchangeOf('custom-demand-list', {
      payload: { pageSize: 10, status: null },
      body: '{"data":{"totalPage":5.0,"pageNo":1,"list":[{"id":7,"pageNo":2.5}]},"status":"success","code":"200","message":"","error":{}}',
    }),
    instancePath: '/data/totalPage',
    // A record's own field of the same name is not the page's.
    quiet: exchangeOf('custom-demand-list', {
      payload: { pageSize: 10, status: null },
      body: '{"data":{"totalPage":5,"pageNo":1,"list":[{"id":7,"pageNo":2.5}]},"status":"success","code":"200","message":"","error":{}}',
    }),
  },
  'page-number-echo': {
    fires: withData('beta-products-by-brand', (data) => ({ ...data, pageNo: 9 })),
    instancePath: '/data/pageNo',
    quiet: exchangeOf('beta-products-by-brand', { payload: { brandId: 1, pageSize: 5, pageNo: 2 } }),
  },
  'page-size-bound': {
    fires: withData(
      'alpha-orders-list',
      (data, payload) => ({ ...data, list: Array.from({ length: Number(payload.pageSize) + 1 }, () => (data.list as Json[])[0]) }),
      { pageSize: 3, pageNo: 1 },
    ),
    instancePath: '/data/list',
    quiet: exchangeOf('alpha-orders-list', { payload: { pageSize: 3, pageNo: 1 } }),
  },
  'page-size-asked': {
    fires: exchangeOf('bank-card-list', {
      payload: { pageSize: 2, status: 0 },
      body: { data: { totalPage: 100, pageNo: 1, list: [{ id: 1 }, { id: 2 }, { id: 3 }] }, status: 'success', code: '200', message: '', error: {} },
    }),
    instancePath: '/data/list',
    quiet: exchangeOf('bank-card-list', { payload: { pageSize: 5, status: 0 } }),
  },
  'page-repeated-records': {
    fires: walkOf(5, 2, (pageNo, sound) => (pageNo === 2 ? { ...sound, ids: [2, 3] } : sound)),
    instancePath: '/data/list',
    quiet: soundWalk,
  },
  'page-total': {
    fires: [walkPage(2, 1, { ids: [1, 2], totalPage: 3 }), walkPage(2, 2, { ids: [3], totalPage: 3 }), walkPage(2, 3, { ids: [], totalPage: 3 })],
    instancePath: '/data/totalPage',
    quiet: soundWalk,
  },
  'page-number-default': {
    // Without pageNo the oldest records first, while pageNo 1 answers the newest: two lists, not one.
    fires: [...walkOf(5, 2), unnumberedPage(2, { ids: [5, 4], totalPage: 3, saysPageNo: 1 })],
    instancePath: '/data/list',
    quiet: [...walkOf(5, 2), unnumberedPage(2, { ids: [1, 2], totalPage: 3, saysPageNo: 1 })],
  },
  'page-number-refused': {
    fires: [numberedRefused, unnumberedPage(2, { ids: [1, 2], totalPage: 3, saysPageNo: 1 })],
    instancePath: '',
    // Answered with pageNo too; at another size refused without it as well, which says nothing of pageNo.
    quiet: [
      ...walkOf(5, 2),
      unnumberedPage(2, { ids: [1, 2], totalPage: 3, saysPageNo: 1 }),
      { ...numberedRefused, path: 'page:3:1' },
      exchangeOf('bank-card-list', { path: 'page-unnumbered:3', payload: { pageSize: 3 }, body: refused }),
    ],
  },
  'page-asked-again': {
    // Page 2 asked again continues where the walk's last page left off: the page past the end, empty, or page 3's records.
    fires: [...walkOf(7, 2), againPage(2, 2, 1, { ids: [3, 4], totalPage: 4 }), againPage(2, 2, 2, { ids: [5, 6], totalPage: 4 })],
    instancePath: '/data/list',
    // A record added at the top meanwhile shifts page 2 by one: one record in common.
    quiet: [...walkOf(7, 2), againPage(2, 2, 1, { ids: [2, 3], totalPage: 4 }), againPage(2, 2, 2, { ids: [2, 3], totalPage: 4 })],
  },
  'page-total-steady': {
    // Each page but the last says there is one more: totalPage guessed from whether a next page exists.
    fires: walkOf(7, 2, (pageNo, sound) => (pageNo < 4 ? { ...sound, totalPage: pageNo + 1 } : sound)),
    instancePath: '/data/totalPage',
    // An empty page past the end that says another totalPage is page-past-end's to judge.
    quiet: walkOf(5, 2, (pageNo, sound) => (pageNo === 4 ? { ...sound, totalPage: 0 } : sound)),
  },
  'page-sizes-agree': {
    // Asked for 10,000 a page, the server serves 5 and says there is no other page: 7 of the 12 records are on none.
    fires: [...walkOf(12, 5), walkPage(10_000, 1, { ids: ids(1, 5), totalPage: 1, pastLast: true })],
    instancePath: '/data/list',
    quiet: [...walkOf(12, 5), walkPage(10_000, 1, { ids: ids(1, 12), totalPage: 1, pastLast: true })],
  },
  'page-past-end': {
    fires: walkOf(5, 2, (pageNo, sound) => (pageNo === 4 ? { ...sound, ids: [5] } : sound)),
    instancePath: '/data',
    quiet: soundWalk,
  },
  'page-past-end-list': {
    fires: walkOf(5, 2, (pageNo, sound) => (pageNo === 4 ? { ...sound, ids: null } : sound)),
    instancePath: '/data/list',
    quiet: soundWalk,
  },
};
