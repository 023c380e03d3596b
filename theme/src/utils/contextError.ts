// Every shell hook that reads a provider throws this when no provider is
// above it (behaviour reference 0.8): the hook name and provider name make a
// misplaced component obvious instead of failing later on undefined.
export class ReactContextError extends Error {
  constructor(hookName: string, providerName: string, extra = '') {
    super(`Hook ${hookName} is called outside the <${providerName}>. ${extra}`.trimEnd());
    this.name = 'ReactContextError';
  }
}
