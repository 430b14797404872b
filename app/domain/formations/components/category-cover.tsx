import { Illustration } from "~/ui/illustration";

/**
 * The cover of a formation without its own image: its category's illustration (app/ui/illustration.tsx),
 * decorative (`alt=""`): the card names the formation and its category in text next to it.
 */
export function CategoryCover({ slug }: { slug: string }) {
  return (
    <span data-testid="category-cover" data-category={slug} className="block h-full w-full">
      <Illustration slug={slug} />
    </span>
  );
}
