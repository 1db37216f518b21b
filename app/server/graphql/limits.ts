/**
 * GitLab's query limits (`GitlabSchema`): depth 15 for anonymous requests and 20 for signed-in
 * ones; complexity 200, 250 signed in, 300 for administrators. Complexity is one per field, plus the
 * fields below it; introspection fields count for neither. Errors carry graphql-ruby's texts.
 */
import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql/index.js';

/** Maximum depth for anonymous requests and for signed-in ones. */
export const MAX_DEPTH = { anonymous: 15, authenticated: 20 } as const;
/** Maximum complexity for anonymous requests, signed-in users and administrators. */
export const MAX_COMPLEXITY = { anonymous: 200, authenticated: 250, admin: 300 } as const;

/** Who asks, as the limits see it. */
export type Asker = 'anonymous' | 'authenticated' | 'admin';

interface Measure {
  depth: number;
  complexity: number;
}

function measure(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  visiting: Set<string>,
): Measure {
  let depth = 0;
  let complexity = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith('__')) continue;
      const below = selection.selectionSet
        ? measure(selection.selectionSet, fragments, visiting)
        : { depth: 0, complexity: 0 };
      depth = Math.max(depth, below.depth + 1);
      complexity += 1 + below.complexity;
      continue;
    }
    const inner =
      selection.kind === Kind.INLINE_FRAGMENT
        ? selection.selectionSet
        : visiting.has(selection.name.value)
          ? undefined
          : fragments[selection.name.value]?.selectionSet;
    if (!inner) continue;
    const name = selection.kind === Kind.FRAGMENT_SPREAD ? selection.name.value : null;
    if (name) visiting.add(name);
    const below = measure(inner, fragments, visiting);
    if (name) visiting.delete(name);
    depth = Math.max(depth, below.depth);
    complexity += below.complexity;
  }
  return { depth, complexity };
}

/** The validation rule enforcing the depth and complexity limits of `asker`. */
export function queryLimitsRule(asker: Asker): ValidationRule {
  const maxDepth = asker === 'anonymous' ? MAX_DEPTH.anonymous : MAX_DEPTH.authenticated;
  const maxComplexity = MAX_COMPLEXITY[asker];
  return (context: ValidationContext): ASTVisitor => {
    const fragments = Object.fromEntries(
      context
        .getDocument()
        .definitions.filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION)
        .map((definition) => [definition.name.value, definition]),
    );
    return {
      OperationDefinition(operation) {
        const { depth, complexity } = measure(operation.selectionSet, fragments, new Set());
        if (depth > maxDepth)
          context.reportError(
            new GraphQLError(`Query has depth of ${depth}, which exceeds max depth of ${maxDepth}`, {
              nodes: operation,
            }),
          );
        if (complexity > maxComplexity)
          context.reportError(
            new GraphQLError(
              `Query has complexity of ${complexity}, which exceeds max complexity of ${maxComplexity}`,
              {
                nodes: operation,
              },
            ),
          );
      },
    };
  };
}

/** The limits that apply to a user (`null`: anonymous). */
export function askerOf(user: { admin: boolean } | null): Asker {
  if (!user) return 'anonymous';
  return user.admin ? 'admin' : 'authenticated';
}
