/** How a post's author and categories travel to the page (client-safe). */

export interface PostCategory {
  name: string;
  slug: string;
}

export interface PostAuthor {
  name: string;
  slug: string;
  title: string;
}
