// Checks that an operation carries exactly one tag and that the tag is declared at the top level.
export default function singleDefinedTag(operation, _options, context) {
  const tags = operation?.tags;
  if (!Array.isArray(tags) || tags.length !== 1) {
    return [{ message: 'Operation must have exactly one tag' }];
  }
  const declared = (context.document.data?.tags ?? []).map((t) => t.name);
  return declared.includes(tags[0]) ? [] : [{ message: `Tag "${tags[0]}" is not declared in the top-level tags` }];
}
