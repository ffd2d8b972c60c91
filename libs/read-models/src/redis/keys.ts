const COLLECTION_NAME = /^[a-z0-9][a-z0-9-]*$/;

export function assertCollectionName(name: string): void {
  if (!COLLECTION_NAME.test(name)) throw new TypeError(`Invalid collection name: ${name}`);
}

/** Key layout of one projection: `{prefix}{projection}:active`, `:seq`, and `:v{n}:` per version. */
export class ProjectionKeys {
  constructor(
    readonly prefix: string,
    readonly projection: string,
  ) {}
  get active(): string {
    return `${this.prefix}${this.projection}:active`;
  }
  get sequence(): string {
    return `${this.prefix}${this.projection}:seq`;
  }
  version(v: string): VersionKeys {
    return new VersionKeys(`${this.prefix}${this.projection}:v${v}:`);
  }
}

export class VersionKeys {
  constructor(readonly base: string) {}
  get checkpoint(): string {
    return `${this.base}cp`;
  }
  doc(collection: string, id: string): string {
    return `${this.base}d:${collection}:${id}`;
  }
  index(name: string): string {
    return `${this.base}i:${name}`;
  }
  /** Parses a key of this version back into its kind and names. */
  parse(
    key: string,
  ): { kind: 'doc'; collection: string; id: string } | { kind: 'index'; name: string } | undefined {
    const rest = key.slice(this.base.length);
    if (rest.startsWith('d:')) {
      const sep = rest.indexOf(':', 2);
      return { kind: 'doc', collection: rest.slice(2, sep), id: rest.slice(sep + 1) };
    }
    if (rest.startsWith('i:')) return { kind: 'index', name: rest.slice(2) };
    return undefined;
  }
}
