import { session21Files, type SampleFile } from './session21';
import { tourText } from './tour';

/** Every sample under public/samples that is generated rather than copied, by its path there. */
export function generatedSamples(): SampleFile[] {
  return [
    { path: 'tour/tour.stream.jsonl', text: tourText() },
    ...session21Files().map((f) => ({ path: `cc-2-1/${f.path}`, text: f.text })),
  ];
}
