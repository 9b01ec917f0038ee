// Checks that a response body declares named examples (content.<media>.examples), each with a summary
// and a value, so that Prism can serve each outcome by name.
export default function namedExamples(media) {
  const examples = media?.examples;
  if (!examples || typeof examples !== 'object' || Object.keys(examples).length === 0) {
    return [{ message: 'Response body has no named examples' }];
  }
  const results = [];
  for (const [name, example] of Object.entries(examples)) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(name)) results.push({ message: `Example name "${name}" must be lowerCamelCase` });
    if (!example?.summary) results.push({ message: `Example "${name}" has no summary` });
    if (example?.value === undefined && example?.externalValue === undefined)
      results.push({ message: `Example "${name}" has no value` });
  }
  return results;
}
