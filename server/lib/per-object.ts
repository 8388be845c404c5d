/**
 * State kept per object, made on first use and dropped with the object: this process's caches per
 * database handle, the verified tokens per app's verifier, the search-piece choices per trigram sample.
 * Tests build many apps and databases in one process; keying by the object keeps theirs apart.
 */
export function perObject<K extends object, V>(make: (owner: K) => V): (owner: K) => V {
  const values = new WeakMap<K, V>();
  return (owner) => {
    let value = values.get(owner);
    if (value === undefined) values.set(owner, (value = make(owner)));
    return value;
  };
}
