import { describe, expect, it } from "vitest";
import { addToCartForms } from "./cart.js";

describe("addToCartForms", () => {
  it("sends a card's inputs and its submit button's name and value, as a browser does", () => {
    const html = `
      <form method="post" action="/cart" class="cart-form"><input type="hidden" name="csrf" value="t&amp;k"/>
        <input type="hidden" name="product_id" value="69"/><input type="hidden" name="redirectTo" value="/shop"/>
        <button type="submit" name="intent" value="add" class="button">Add to cart</button></form>
      <form method="post" action="/wishlist"><input type="hidden" name="product_id" value="69"/>
        <button type="submit" name="intent" value="add">Wishlist</button></form>`;
    expect(addToCartForms(html)).toEqual([{ csrf: "t&k", product_id: "69", redirectTo: "/shop", intent: "add" }]);
  });

  it("skips a /cart form that does not add a product", () => {
    const html = `<form method="post" action="/cart"><input type="hidden" name="intent" value="remove"/><input type="hidden" name="cart_id" value="3"/>
      <button type="submit">Remove</button></form>`;
    expect(addToCartForms(html)).toEqual([]);
  });
});
