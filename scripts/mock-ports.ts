/** Stable ports of the Prism mocks, one per upstream contract (README and DESIGN.md rely on them). */
export const mockPorts = {
  commerce: 4011,
  som: 4012,
  vehicles: 4013,
  identity: 4014,
  adyen: 4015,
  stripe: 4016,
  loqate: 4017,
} as const;
