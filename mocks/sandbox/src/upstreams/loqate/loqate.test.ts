import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zFindResponse, zRetrieveResponse } from '../../../../../generated/loqate/zod/zod.gen.ts';
import { createSandbox, type Sandbox } from '../../app.ts';
import { ADDRESSES } from './addresses.ts';
import { loqateModule } from './index.ts';

const sandbox: Sandbox = createSandbox([loqateModule]);
let base = '';
const KEY = 'SANDBOX-LOQATE-KEY';

beforeAll(async () => {
  base = `http://localhost:${await sandbox.start(0)}/loqate`;
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${base.replace('/loqate', '')}/__sandbox/reset`, { method: 'POST' });
});

interface Item {
  Id?: string;
  Type?: string;
  Text?: string;
  Description?: string;
  Highlight?: string;
  Error?: string;
  Description_?: string;
  [key: string]: unknown;
}

async function call(
  service: 'Find' | 'Retrieve',
  fields: Record<string, string>,
): Promise<{ status: number; items: Item[] }> {
  const path =
    service === 'Find' ? '/Capture/Interactive/Find/v1.10/json3.ws' : '/Capture/Interactive/Retrieve/v1.2/json3.ws';
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const body = (await res.json()) as { Items: Item[] };
  (service === 'Find' ? zFindResponse : zRetrieveResponse).parse(body);
  return { status: res.status, items: body.Items };
}

const find = (fields: Record<string, string>) => call('Find', { Key: KEY, ...fields });
const retrieve = (fields: Record<string, string>) => call('Retrieve', { Key: KEY, ...fields });

describe('loqate seed', () => {
  it('when the seed is read, then it holds at least 25 addresses over the twelve countries', () => {
    expect(ADDRESSES.length).toBeGreaterThanOrEqual(25);
    expect(new Set(ADDRESSES.map((a) => a.country))).toEqual(
      new Set(['GB', 'DE', 'FR', 'NL', 'BE', 'IT', 'ES', 'PT', 'AT', 'CZ', 'US', 'CA']),
    );
  });
});

describe('loqate Find', () => {
  it('when searching a GB postcode, then its addresses and the postcode container come back', async () => {
    const { status, items } = await find({ Text: 'NW1 6XE', Countries: 'GB' });
    expect(status).toBe(200);
    expect(items.filter((i) => i.Type === 'Address').map((i) => i.Id)).toEqual([
      'GB|RM|A|52509479',
      'GB|RM|A|52509480',
      'GB|RM|A|52509481',
    ]);
    expect(items).toContainEqual(
      expect.objectContaining({
        Id: 'GB|RM|ENG|6XE-NW1',
        Type: 'Postcode',
        Description: 'Baker Street, London - 3 Addresses',
      }),
    );
  });

  it('when searching "221b Baker", then the address comes first with the matched ranges highlighted', async () => {
    const { items } = await find({ Text: '221b Baker', Countries: 'GB', Limit: '10' });
    expect(items[0]).toEqual({
      Id: 'GB|RM|A|52509479',
      Type: 'Address',
      Text: '221b Baker Street',
      Highlight: '0-4,5-10',
      Description: 'London, NW1 6XE',
    });
  });

  it('when a container Id is passed to a second Find, then the addresses inside are listed', async () => {
    const first = await find({ Text: '1200 Main', Countries: 'US' });
    const container = first.items.find((i) => i.Type === 'BuildingNumber');
    expect(container).toMatchObject({
      Id: 'US|US|B|Z281946801|1200',
      Description: 'Kansas City MO 64105 - 6 Addresses',
    });
    const second = await find({ Text: '', Container: container!.Id!, Countries: 'US' });
    expect(second.items).toHaveLength(6);
    expect(second.items.every((i) => i.Type === 'Address')).toBe(true);
    expect(second.items[0]).toMatchObject({ Text: 'Apt 1, 1200 Main St', Description: 'Kansas City MO 64105' });
  });

  it('when the text has no accents but the street has, then it still matches', async () => {
    const { items } = await find({ Text: 'karntner', Countries: 'AT' });
    expect(items.map((i) => i.Id)).toEqual(['AT|PA|A|1010-12']);
  });

  it('when Countries filters, then only that country matches (ISO 3 codes too)', async () => {
    const de = await find({ Text: 'Berlin', Countries: 'DEU' });
    expect(de.items.length).toBeGreaterThan(0);
    expect(de.items.every((i) => i.Id!.startsWith('DE|'))).toBe(true);
    const fr = await find({ Text: 'Berlin', Countries: 'FR' });
    expect(fr.items).toEqual([]);
  });

  it('when Limit is 2, then at most two items come back', async () => {
    const { items } = await find({ Text: 'Baker Street', Limit: '2' });
    expect(items).toHaveLength(2);
  });

  it('when nothing matches, then Items is empty', async () => {
    expect((await find({ Text: 'zzzz nowhere', Countries: 'GB' })).items).toEqual([]);
  });

  it('when the parameters come in the query string of a GET, then Find answers the same', async () => {
    const res = await fetch(
      `${base}/Capture/Interactive/Find/v1.10/json3.ws?${new URLSearchParams({ Key: KEY, Text: 'Damrak', Countries: 'NL' })}`,
    );
    expect(((await res.json()) as { Items: Item[] }).Items[0]).toMatchObject({ Id: 'NL|PNL|A|1012LG-1' });
  });
});

describe('loqate errors', () => {
  it('when the key is unknown, then a single error 2 item comes back with HTTP 200', async () => {
    const { status, items } = await call('Find', { Key: 'WRONG-KEY', Text: 'Baker' });
    expect(status).toBe(200);
    expect(items).toEqual([expect.objectContaining({ Error: '2', Description: 'Unknown key' })]);
    expect((await call('Retrieve', { Id: 'GB|RM|A|52509479' })).items[0]).toMatchObject({ Error: '2' });
  });

  it.each([
    ['Countries is not a list of codes', { Text: 'Baker', Countries: 'Great Britain' }, '1001'],
    ['Limit is out of range', { Text: 'Baker', Limit: '0' }, '1002'],
    ['Limit is not a number', { Text: 'Baker', Limit: 'ten' }, '1002'],
    ['Text is missing', {}, '1003'],
    ['Text is too long', { Text: 'x'.repeat(201) }, '1003'],
    ['Container is unknown', { Text: '', Container: 'GB|RM|ENG|NOPE' }, '1004'],
    ['Origin is not recognised', { Text: 'Baker', Origin: 'somewhere!' }, '1005'],
    ['Language is not recognised', { Text: 'Baker', Language: 'english' }, '1006'],
    ['Bias is not a boolean', { Text: 'Baker', Bias: 'maybe' }, '1007'],
    ['Filters are malformed', { Text: 'Baker', Filters: 'nonsense' }, '1008'],
  ])('when %s, then Find answers error %s', async (_case, fields, code) => {
    const { status, items } = await find(fields as Record<string, string>);
    expect(status).toBe(200);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ Error: code });
  });

  it('when the service is made unavailable by a fault, then Find answers 500 with error -1', async () => {
    const root = base.replace('/loqate', '');
    await fetch(`${root}/__sandbox/faults/loqate`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 500 }),
    });
    const { status, items } = await find({ Text: 'Baker' });
    expect(status).toBe(500);
    expect(items[0]).toMatchObject({ Error: '-1', Description: 'Unknown error' });
  });

  it('when the body cannot be parsed, then 400 with an error item', async () => {
    const res = await fetch(`${base}/Capture/Interactive/Find/v1.10/json3.ws`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { Items: Item[] }).Items[0]).toMatchObject({ Error: '-1' });
  });
});

describe('loqate Retrieve', () => {
  it('when an address Id is retrieved, then the full GB address comes back', async () => {
    const { items } = await retrieve({ Id: 'GB|RM|A|52509480' });
    expect(items[0]).toMatchObject({
      Id: 'GB|RM|A|52509480',
      Line1: 'Flat 1',
      Line2: '223 Baker Street',
      City: 'London',
      PostalCode: 'NW1 6XE',
      CountryIso2: 'GB',
      CountryIso3: 'GBR',
      ProvinceCode: '',
      Label: 'Flat 1\n223 Baker Street\nLONDON\nNW1 6XE\nUNITED KINGDOM',
    });
  });

  it('when a US address is retrieved, then the state is in ProvinceCode and ProvinceName', async () => {
    const { items } = await retrieve({ Id: 'US|US|A|Z281946734|1200' });
    expect(items[0]).toMatchObject({
      Line1: '1200 Main St',
      City: 'Springfield',
      ProvinceCode: 'IL',
      ProvinceName: 'Illinois',
      PostalCode: '62701-1234',
      CountryIso2: 'US',
      Label: '1200 Main St\nSpringfield IL 62701-1234\nUNITED STATES',
    });
  });

  it('when every seeded address is retrieved, then each conforms to the contract', async () => {
    for (const address of ADDRESSES) {
      const { items } = await retrieve({ Id: address.id });
      expect(items[0]).toMatchObject({ Id: address.id, CountryIso2: address.country });
    }
  });

  it('when the Id is unknown, a container or missing, then error 1001 Id Invalid', async () => {
    for (const fields of [{ Id: 'GB|RM|A|0' }, { Id: 'GB|RM|ENG|6XE-NW1' }, {}] as Array<Record<string, string>>) {
      const { status, items } = await retrieve(fields);
      expect(status).toBe(200);
      expect(items).toEqual([expect.objectContaining({ Error: '1001', Description: 'Id Invalid' })]);
    }
  });
});
