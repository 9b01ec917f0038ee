/** listSavedAddresses (GET /api/checkout/saved-addresses): a registered customer's saved addresses (storefront §6). */
import useSWR from 'swr';
import { api, request, type components } from '../../../lib/api/client.ts';

export type SavedAddress = components['schemas']['SavedAddress'];

export const listSavedAddressesKey = ['listSavedAddresses'] as const;

const listSavedAddresses = () => request(api.GET('/checkout/saved-addresses'));

/** The saved addresses; a guest's list is empty. */
export const useSavedAddresses = () => useSWR(listSavedAddressesKey, listSavedAddresses);
