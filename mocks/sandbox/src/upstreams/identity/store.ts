/**
 * In-memory storage for oidc-provider (sessions, interactions, grants, codes, tokens), one map per
 * model, expiring on the sandbox clock so that moving the clock ends sessions and tokens. `clear()`
 * is the reset hook.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Clock } from '../../core/clock.ts';

interface Entry {
  payload: AdapterPayload;
  expiresAt?: number;
}

export class OidcStore {
  readonly #clock: Clock;
  readonly #models = new Map<string, Map<string, Entry>>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  model(name: string): Map<string, Entry> {
    let model = this.#models.get(name);
    if (!model) {
      model = new Map();
      this.#models.set(name, model);
    }
    return model;
  }

  clear(): void {
    this.#models.clear();
  }

  /** The live payloads of one model. */
  entries(name: string): Array<[string, AdapterPayload]> {
    const now = this.#clock.nowMs();
    return [...this.model(name)]
      .filter(([, entry]) => entry.expiresAt === undefined || entry.expiresAt > now)
      .map(([id, entry]) => [id, entry.payload]);
  }

  /** The adapter class oidc-provider instantiates once per model name. */
  adapterClass(): new (name: string) => Adapter {
    const model = (name: string) => this.model(name);
    const entries = (name: string) => this.entries(name);
    const now = () => this.#clock.nowMs();
    const all = () => this.#models.values();
    return class implements Adapter {
      readonly #name: string;
      constructor(name: string) {
        this.#name = name;
      }
      #get(id: string): AdapterPayload | undefined {
        const entry = model(this.#name).get(id);
        if (!entry) return undefined;
        if (entry.expiresAt !== undefined && entry.expiresAt <= now()) {
          model(this.#name).delete(id);
          return undefined;
        }
        return entry.payload;
      }
      async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
        model(this.#name).set(id, {
          payload: structuredClone(payload),
          ...(expiresIn ? { expiresAt: now() + expiresIn * 1000 } : {}),
        });
      }
      async find(id: string): Promise<AdapterPayload | undefined> {
        const payload = this.#get(id);
        return payload && structuredClone(payload);
      }
      async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
        return entries(this.#name).find(([, payload]) => payload.userCode === userCode)?.[1];
      }
      async findByUid(uid: string): Promise<AdapterPayload | undefined> {
        return entries(this.#name).find(([, payload]) => payload.uid === uid)?.[1];
      }
      async consume(id: string): Promise<void> {
        const payload = this.#get(id);
        if (payload) payload.consumed = Math.floor(now() / 1000);
      }
      async destroy(id: string): Promise<void> {
        model(this.#name).delete(id);
      }
      async revokeByGrantId(grantId: string): Promise<void> {
        for (const model of all())
          for (const [id, entry] of model) if (entry.payload.grantId === grantId) model.delete(id);
      }
    };
  }
}
