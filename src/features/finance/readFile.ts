/** A chosen file as base64 (without the data: prefix), for the statement import's JSON body. */
export function fileAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(String(reader.result).replace(/^data:[^,]*,/, '')));
    reader.addEventListener('error', () => reject(new Error('文件读取失败')));
    reader.readAsDataURL(file);
  });
}
