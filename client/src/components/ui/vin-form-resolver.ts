/** The VIN form's resolver, with Zod: the contract's Vin schema. vin-form.tsx loads it when the form first validates (issue 35). */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { zVin } from '../../../../generated/proxy/zod-mini/zod.gen.ts';

export const vinFormResolver = zodResolver(z.object({ carvin: zVin }));
