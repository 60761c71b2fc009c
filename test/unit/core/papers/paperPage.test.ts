import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { arxivIdOf, paperArxivId, paperPageOf, webUrl } from '../../../../src/core/papers/paperPage';

describe('arxivIdOf', () => {
  test('reads bare ids, arXiv: ids, abs and pdf URLs and arXiv DOIs', () => {
    assert.equal(arxivIdOf('2401.01234'), '2401.01234');
    assert.equal(arxivIdOf(' 2401.01234v2 '), '2401.01234v2');
    assert.equal(arxivIdOf('arXiv:1706.03762'), '1706.03762');
    assert.equal(arxivIdOf('hep-th/9901001'), 'hep-th/9901001');
    assert.equal(arxivIdOf('math.AG/0601001v1'), 'math.AG/0601001v1');
    assert.equal(arxivIdOf('http://arxiv.org/abs/2401.01234v2'), '2401.01234v2');
    assert.equal(arxivIdOf('https://arxiv.org/pdf/2401.01234.pdf'), '2401.01234');
    assert.equal(arxivIdOf('https://export.arxiv.org/abs/cond-mat/0102536'), 'cond-mat/0102536');
    assert.equal(arxivIdOf('10.48550/arXiv.2401.01234'), '2401.01234');
  });

  test('is undefined for keys, DOIs and URLs that hold no arXiv id', () => {
    for (const text of [undefined, '', 'smith2020', '10.1234/abc', 'https://example.org/2401.01234', '2401.123', 'a/b'])
      assert.equal(arxivIdOf(text), undefined, String(text));
  });
});

describe('webUrl', () => {
  test('keeps http and https URLs, normalized', () => {
    assert.equal(webUrl('https://example.org/paper?id=1'), 'https://example.org/paper?id=1');
    assert.equal(webUrl(' HTTP://Example.org '), 'http://example.org/');
  });

  test('refuses every other scheme, relative paths, spaces and credentials', () => {
    for (const text of [
      'file:///etc/passwd',
      'command:workbench.action.reloadWindow',
      'javascript:alert(1)',
      'vscode://papers/x',
      'data:text/html,hi',
      '/abs/2401.01234',
      'example.org/paper',
      'https://exa mple.org/',
      'https://user:secret@example.org/',
      'https://',
      undefined,
    ])
      assert.equal(webUrl(text), undefined, String(text));
  });
});

describe('paperPageOf', () => {
  test('an arXiv id goes to the abs page, before a DOI or URL', () => {
    assert.deepEqual(paperPageOf({ arxivId: '2401.01234', doi: '10.1/x', url: 'https://example.org' }), {
      kind: 'arxiv',
      url: 'https://arxiv.org/abs/2401.01234',
      label: 'arXiv:2401.01234',
    });
  });

  test('the arXiv id may come from the URL, the DOI or the entry key', () => {
    assert.equal(paperArxivId({ url: 'http://arxiv.org/abs/2312.00001v1' }), '2312.00001v1');
    assert.equal(paperArxivId({ doi: '10.48550/arXiv.2312.00001' }), '2312.00001');
    assert.equal(paperArxivId({ sourceKey: '2312.00001' }), '2312.00001');
    assert.equal(paperArxivId({ sourceKey: 'smith2020' }), undefined);
  });

  test('a DOI goes to the resolver, its characters escaped', () => {
    assert.deepEqual(paperPageOf({ doi: '10.1145/3368089.3409719' }), {
      kind: 'doi',
      url: 'https://doi.org/10.1145/3368089.3409719',
      label: 'doi:10.1145/3368089.3409719',
    });
    assert.equal(
      paperPageOf({ doi: '10.1002/(SICI)1097-4571<3::AID>' })?.url,
      'https://doi.org/10.1002/(SICI)1097-4571%3C3%3A%3AAID%3E',
    );
  });

  test('else an http(s) URL; a URL of another scheme is never a page', () => {
    assert.equal(
      paperPageOf({ url: 'https://openreview.net/forum?id=abc' })?.url,
      'https://openreview.net/forum?id=abc',
    );
    assert.equal(paperPageOf({ url: 'javascript:alert(1)' }), undefined);
    assert.equal(paperPageOf({ url: 'file:///home/me/paper.pdf', doi: 'not a doi' }), undefined);
    assert.equal(paperPageOf({}), undefined);
  });
});
