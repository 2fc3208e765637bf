/** Sends one file as a raw PUT body, reporting bytes sent; resolves with the status and JSON body. */
export function uploadFile(url: string, file: File, onProgress: (sent: number) => void): Promise<{ status: number; body: { message?: string } }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      let body: { message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as { message?: string };
      } catch {
        body = {};
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error("Network error"));
    xhr.send(file);
  });
}
