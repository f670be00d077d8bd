// Invoker commands (HTML: `commandfor` / `command`) open and close <dialog>s without JavaScript.
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> extends HTMLAttributes<T> {
    command?: "show-modal" | "close" | "request-close" | "toggle-popover" | "show-popover" | "hide-popover";
    commandfor?: string;
  }
}
